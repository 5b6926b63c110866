import { drawFitted, loadImage } from './capture-drawing';

/**
 * html2canvas draws a <video> as an unstyled canvas (blank when no frame is loaded or the video is
 * cross-origin) and loads every <iframe> again inside its clone, which can hang the capture. So both
 * are left out of the clone and a stand-in takes their place: an image of the video's current frame
 * or its poster, an empty box for an iframe, each with the original's computed styles so the layout
 * does not move. A <template> marker, which never renders, shows where each stand-in goes.
 */
export const SLOT_ATTRIBUTE = 'data-capture-slot';

interface Slot {
  readonly element: HTMLVideoElement | HTMLIFrameElement;
  readonly marker: HTMLTemplateElement;
  readonly image?: string;
}

export interface StandIns {
  /** html2canvas's ignoreElements: keeps the originals out of the clone. */
  readonly ignores: (element: Element) => boolean;
  /** Call from onclone: puts each stand-in where its marker is. */
  readonly fill: (clone: Document) => void;
  /** Takes the markers out of the live page again. */
  readonly restore: () => void;
}

/** The video's current frame, else its poster, fitted as object-fit would, as a PNG data URL. */
async function videoImage(video: HTMLVideoElement, scale: number): Promise<string | undefined> {
  const box = { width: video.clientWidth, height: video.clientHeight };
  const fit = video.ownerDocument.defaultView?.getComputedStyle(video).objectFit ?? 'contain';
  if (video.readyState >= 2 && video.videoWidth > 0) {
    const frame = { width: video.videoWidth, height: video.videoHeight };
    const image = drawFitted(video, video, frame, box, fit, scale);
    if (image) return image;
  }
  if (!video.poster) return undefined;
  const poster = await loadImage(video.ownerDocument, video.poster);
  if (!poster) return video.poster;
  const size = { width: poster.naturalWidth, height: poster.naturalHeight };
  // A cross-origin poster without CORS cannot be read back: hand html2canvas its address instead.
  return drawFitted(video, poster, size, box, fit, scale) ?? video.poster;
}

function copyComputedStyle(from: Element, to: HTMLElement): void {
  const style = from.ownerDocument.defaultView?.getComputedStyle(from);
  if (!style) return;
  for (let index = 0; index < style.length; index += 1) {
    const name = style.item(index);
    if (name !== 'content') to.style.setProperty(name, style.getPropertyValue(name));
  }
}

function standIn(slot: Slot, clone: Document): HTMLElement {
  if (slot.image) {
    const image = clone.createElement('img');
    copyComputedStyle(slot.element, image);
    image.src = slot.image;
    return image;
  }
  const box = clone.createElement('div');
  copyComputedStyle(slot.element, box);
  // Iframes are inline replaced elements; an inline div would lose their width and height.
  if (box.style.display === 'inline') box.style.display = 'inline-block';
  // Nothing of a framed page can be drawn: a quiet box says something is there. A video with no
  // frame and no poster shows black, as the browser shows it.
  const isFrame = slot.element.tagName === 'IFRAME';
  box.style.setProperty('background-color', isFrame ? 'rgba(127, 127, 127, 0.2)' : 'rgb(0, 0, 0)');
  return box;
}

/** Marks every video and iframe of the page and prepares what will stand in for each. */
export async function prepareStandIns(doc: Document, scale: number): Promise<StandIns> {
  const elements = [...doc.querySelectorAll<HTMLVideoElement | HTMLIFrameElement>('video, iframe')];
  const slots = await Promise.all(
    elements.map(async (element, index): Promise<Slot> => {
      const marker = doc.createElement('template');
      marker.setAttribute(SLOT_ATTRIBUTE, String(index));
      element.before(marker);
      const image =
        element.tagName === 'VIDEO'
          ? await videoImage(element as HTMLVideoElement, scale)
          : undefined;
      return { element, marker, image };
    }),
  );
  const ignored = new Set<Element>(elements);
  return {
    ignores: (element) => ignored.has(element),
    fill: (clone) => {
      for (const marker of clone.querySelectorAll(`template[${SLOT_ATTRIBUTE}]`)) {
        const slot = slots[Number(marker.getAttribute(SLOT_ATTRIBUTE))];
        if (slot) marker.replaceWith(standIn(slot, clone));
        else marker.remove();
      }
    },
    restore: () => slots.forEach((slot) => slot.marker.remove()),
  };
}
