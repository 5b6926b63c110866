import { useRef } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';

/**
 * A looping landing video that shows its poster and fetches nothing until it comes near the
 * viewport: six loops fetched on arrival cost a phone half a megabyte before it can paint.
 */
export function LazyLoop(props: {
  src: string;
  poster: string;
  label: string;
  reducedMotion: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const near = useNearViewport(ref);
  const play = near && !props.reducedMotion;
  return (
    <video
      ref={ref}
      // With reduced motion the person starts it: preload none keeps it unfetched until then.
      src={near || props.reducedMotion ? props.src : undefined}
      // Not in the prerendered HTML: a returning signed-in visitor, who never sees that copy, would
      // still fetch six posters; the app adds them when it starts.
      poster={typeof window === 'undefined' ? undefined : props.poster}
      muted
      loop
      playsInline
      autoPlay={play}
      controls={props.reducedMotion}
      preload={play ? 'auto' : 'none'}
      aria-label={props.label}
    />
  );
}
