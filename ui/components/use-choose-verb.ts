import { useMediaQuery } from './use-media-query';

/** How a person picks a file here: a phone's finger taps, a mouse clicks. */
export type ChooseVerb = 'Tap' | 'Click';

/** 'Tap' where the main pointer is a finger (phones, tablets), 'Click' where it is a mouse. */
export function useChooseVerb(): ChooseVerb {
  return useMediaQuery('(pointer: coarse)') ? 'Tap' : 'Click';
}
