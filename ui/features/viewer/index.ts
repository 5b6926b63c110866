// What other features use of the viewer: the viewer itself, and how a creation is shared or saved.
export { Viewer } from './components/viewer';
export { ShareButton } from './components/share-button';
export type { DownloadEnvironment } from './download-media';
export type { ShareEnvironment } from './share-media';
