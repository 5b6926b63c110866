/**
 * How this page reaches the platform, read once at start. The server that serves the app may
 * name its project token and platform address in meta tags of index.html; a build may bake a
 * token in with VITE_PAWLOWEEN_PROJECT_TOKEN. Without a token the app runs in demo mode.
 */
export interface RuntimeConfig {
  readonly platformUrl: string;
  readonly projectToken: string | undefined;
}

export const META = {
  projectToken: 'pawloween-project-token',
  platformUrl: 'pawloween-platform-url',
} as const;

function meta(document: Document, name: string): string | undefined {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return value ? value : undefined;
}

export function readRuntimeConfig(document: Document, location: Location): RuntimeConfig {
  const baked = import.meta.env.VITE_PAWLOWEEN_PROJECT_TOKEN as string | undefined;
  return {
    // DESIGN.md "Embedded default": the app and the platform share one origin.
    platformUrl: meta(document, META.platformUrl) ?? location.origin,
    projectToken: meta(document, META.projectToken) ?? (baked || undefined),
  };
}
