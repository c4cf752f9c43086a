"""How blurred a photo is, and what that blur does to a pen stroke.

``fitted_blur``: the one of ``blank_prep.BLUR_SIGMAS`` whose blurred blank sheet best fits
the photo near print (through the tone curve of a scanner app that stretched the page's
contrast, if one did: ``fitted_tone``); ``blurred_step``: the ink step lowered as far as
that blur lowers the darkness of a pen stroke (``stroke_contrast``).
"""

from __future__ import annotations

import math

import numpy as np

from pnp.vision import tone_curve
from pnp.vision.blank_prep import Blank
from pnp.vision.px_scale import px_scale

BLUR_MISFIT_MAX = 0.3  # a pixel misfit by more (a mark, say) counts only this much


def fitted_blur(seen: np.ndarray, prep: Blank) -> float:
    """The one of ``blank_prep.BLUR_SIGMAS`` whose blurred blank sheet best fits ``seen`` near print
    (mean misfit, clipped so that marks weigh little), compared at half size."""
    if prep.near.shape[1] == 0:
        return 0.0  # no print to fit the blur on: taken as sharp
    return _fitted_blur(near_values(seen, prep), prep)


def near_values(seen: np.ndarray, prep: Blank) -> np.ndarray:
    """``seen`` at half size at the sample of pixels near print (``Blank.near``)."""
    flat = seen.ravel()
    # The half-size pixel is the mean of its four (INTER_AREA), taken at the sample alone.
    values = flat[prep.near[0]] + flat[prep.near[1]] + flat[prep.near[2]] + flat[prep.near[3]]
    values *= np.float32(0.25)
    return values


def _fitted_blur(values: np.ndarray, prep: Blank) -> float:
    misfits = blur_misfits(values, prep)
    return min(misfits, key=misfits.__getitem__)  # the first of the least


def blur_misfits(values: np.ndarray, prep: Blank) -> dict[float, float]:
    """Each of the page's blurs -> the mean misfit of ``values`` (``near_values``) to the
    blank so blurred, each pixel's no more than ``BLUR_MISFIT_MAX``."""
    out = {}
    for sigma in prep.sigmas:
        misfit = np.abs(values - prep.blurred_near[sigma])
        out[sigma] = float(np.minimum(misfit, BLUR_MISFIT_MAX, out=misfit).mean())
    return out


def fitted_tone(
    values: np.ndarray | None, prep: Blank
) -> tuple[float, tone_curve.ToneCurve | None]:
    """``fitted_blur`` of the page near print (``values``: ``near_values``, None where the
    blank has no print), and its tone curve if a scanner filter has stretched its contrast
    (``pnp.vision.tone_curve``), with the blur fitted through that curve."""
    if values is None:
        return 0.0, None
    found = tone_curve.stretched(values, prep.tones, BLUR_MISFIT_MAX)
    return (_fitted_blur(values, prep), None) if found is None else found


# Blur spreads a pen stroke and lowers its darkness: the ink step is lowered with it, in
# proportion to the darkness left at the middle of a stroke this wide, below a photo as
# sharp as ``SHARP_SIGMA`` (for which ``ink.INK_STEP`` holds), and never below ``MIN_STEP``.
STROKE_MM = 0.48
SHARP_SIGMA = 1.3  # page pixels at ``px_scale.TUNED_PX_PER_MM``
MIN_STEP = 0.1


def stroke_contrast(sigma: float, px_per_mm: float) -> float:
    """The darkness left at the middle of a ``STROKE_MM`` stroke blurred by ``sigma`` px."""
    if sigma <= 0:
        return 1.0
    return math.erf(STROKE_MM * px_per_mm / (2 * math.sqrt(2) * sigma))


def blurred_step(step: float, sigma: float, px_per_mm: float) -> float:
    """``step`` lowered as far as blur ``sigma`` lowers the darkness of a pen stroke."""
    sharp = SHARP_SIGMA * px_scale(px_per_mm)
    ratio = stroke_contrast(sigma, px_per_mm) / stroke_contrast(sharp, px_per_mm)
    return max(MIN_STEP, step * min(1.0, ratio))
