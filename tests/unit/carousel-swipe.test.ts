import { describe, expect, it } from 'vitest';
import { slidesForSwipe, SWIPE } from '../../src/islands/FeaturedCarousel.js';

/** Spec 000 §2.5.1 swipe thresholds: 80 px, 0.5 px/ms, 1.5 px/ms skipping at most 2 more slides. */
describe('slidesForSwipe', () => {
  it('a short slow drag keeps the slide', () => {
    expect(slidesForSwipe(-80, 400)).toEqual({ step: 0, fast: false });
    expect(slidesForSwipe(60, 200)).toEqual({ step: 0, fast: false });
  });

  it('more than 80 px changes the slide, leftwards forwards and rightwards back', () => {
    expect(slidesForSwipe(-81, 1000)).toEqual({ step: 1, fast: false });
    expect(slidesForSwipe(120, 1000)).toEqual({ step: -1, fast: false });
  });

  it('a short flick faster than 0.5 px/ms changes the slide', () => {
    expect(slidesForSwipe(-40, 60)).toEqual({ step: 1, fast: false });
  });

  it('faster than 1.5 px/ms skips further slides, never more than 2 extra', () => {
    expect(slidesForSwipe(-160, 100)).toEqual({ step: 2, fast: true }); // 1.6 px/ms
    expect(slidesForSwipe(-240, 100)).toEqual({ step: 3, fast: true }); // 2.4 px/ms
    expect(slidesForSwipe(300, 50)).toEqual({ step: -(1 + SWIPE.maxExtraSlides), fast: true }); // 6 px/ms
  });
});
