import type { PresetKind } from '../../../../domain/model/presets';
import type { ChooseVerb } from '../../../components/use-choose-verb';

/** The words each side of the Create view uses, in both modes. */
export interface SideText {
  readonly kind: PresetKind;
  /** Upload Photos: the zone's heading and its file input's name. */
  readonly zoneLabel: string;
  readonly zoneHint: string;
  readonly previewAlt: string;
  readonly removeUpload: string;
  /** Upload Photos: the button that opens this side's presets, and that sheet's title. */
  readonly choosePreset: string;
  readonly presetNoun: string;
  /** Use Presets: the carousel's title and the drop/tap zone offered beside it. */
  readonly carouselTitle: string;
  readonly uploadOffer: string;
  readonly uploadHint: (verb: ChooseVerb) => string;
}

const FORMATS = 'JPEG, PNG, WebP or GIF, up to 25 MB';

export const SIDES: Readonly<Record<PresetKind, SideText>> = {
  pet: {
    kind: 'pet',
    zoneLabel: 'Pet Photo',
    zoneHint: `A clear photo of your pet · ${FORMATS}`,
    previewAlt: 'Your pet photo',
    removeUpload: 'Remove pet photo',
    choosePreset: 'Choose a preset pet',
    presetNoun: 'pet',
    carouselTitle: 'Choose Your Pet',
    uploadOffer: 'Upload your pet',
    uploadHint: (verb) => `${verb} to choose or drop a photo · ${FORMATS}`,
  },
  costume: {
    kind: 'costume',
    zoneLabel: 'Costume Character',
    zoneHint: `The character to dress up as · ${FORMATS}`,
    previewAlt: 'Your costume character',
    removeUpload: 'Remove costume character',
    choosePreset: 'Choose a preset costume',
    presetNoun: 'costume',
    carouselTitle: 'Choose Costume',
    uploadOffer: 'Upload a costume picture',
    uploadHint: (verb) => `${verb} to choose or drop a picture · ${FORMATS}`,
  },
};
