// What the first paint of the web app needs from the browser adapters, without the container (zod,
// inversify, the platform client): the landing page starts on this alone, and the rest of the app
// (adapters/browser/browser.container.ts) loads when a visitor signs in or already is.
export { takeSignInReturn } from './address-bar';
