/**
 * What the app says and how it looks, in one object: the preview's data.json CONSTANTS are
 * deep-merged into it (SPEC.md section 3), so every name, text and colour shown comes from here.
 */
export interface AppConfig {
  name: string;
  texts: {
    tagline: string;
    intro: string;
    signIn: string;
    tryItNow: string;
  };
  colors: {
    background: string;
    surface: string;
    primary: string;
    accent: string;
    text: string;
    muted: string;
    danger: string;
    success: string;
  };
}

export const APP_DEFAULTS: AppConfig = {
  name: 'Pawloween',
  texts: {
    tagline: 'Turn your pet into a Halloween legend: a costume portrait and a spooky little movie.',
    intro:
      'Pick a photo of your pet and a costume character. A few moments later you have a picture and a short animated video to share.',
    signIn: 'Sign In',
    tryItNow: 'Try it Now for Free',
  },
  colors: {
    background: '#130b1f',
    surface: '#21142f',
    primary: '#ff7a1a',
    accent: '#9b5cf6',
    text: '#f7f1ff',
    muted: '#b9a9cf',
    danger: '#ff5a6a',
    success: '#4ade80',
  },
};
