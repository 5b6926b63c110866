import { describe, expect, it } from 'vitest';
import { fitRect } from './capture-drawing';

const frame = { width: 1920, height: 1080 };
const box = { width: 400, height: 400 };

describe('fitRect: object-fit for video frames and posters', () => {
  it('covers the box, cropping the long side evenly', () => {
    const rect = fitRect(frame, box, 'cover');
    expect(rect.height).toBe(400);
    expect(rect.width).toBeCloseTo(711.11, 1);
    expect(rect.x).toBeCloseTo(-155.56, 1);
    expect(rect.y).toBe(0);
  });

  it('contains within the box, letterboxing evenly', () => {
    const rect = fitRect(frame, box, 'contain');
    expect(rect.width).toBe(400);
    expect(rect.height).toBe(225);
    expect(rect.y).toBe(87.5);
  });

  it('fills the box when asked, or when the source has no size yet', () => {
    expect(fitRect(frame, box, 'fill')).toEqual({ x: 0, y: 0, width: 400, height: 400 });
    expect(fitRect({ width: 0, height: 0 }, box, 'cover')).toEqual({ x: 0, y: 0, ...box });
  });

  it('keeps natural size for none and never enlarges for scale-down', () => {
    expect(fitRect({ width: 100, height: 50 }, box, 'none')).toEqual({
      x: 150,
      y: 175,
      width: 100,
      height: 50,
    });
    expect(fitRect({ width: 100, height: 50 }, box, 'scale-down').width).toBe(100);
    expect(fitRect(frame, box, 'scale-down').width).toBe(400);
  });
});
