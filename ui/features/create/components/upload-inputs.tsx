import { useImageInput } from '../hooks/use-image-input';
import { DropZone } from './drop-zone';

/** Upload mode: the pet photo and the costume character zones side by side. */
export function UploadInputs(props: {
  petImage: string | undefined;
  costumeImage: string | undefined;
  disabled: boolean;
  onPetImage: (dataUrl: string | undefined) => void;
  onCostumeImage: (dataUrl: string | undefined) => void;
}) {
  const pet = useImageInput(props.onPetImage);
  const costume = useImageInput(props.onCostumeImage);
  return (
    <div className="pw-uploads">
      <DropZone
        label="Pet Photo"
        hint="A clear photo of your pet · JPEG, PNG, WebP or GIF, max 10 MB"
        preview={props.petImage}
        previewAlt="Your pet photo"
        error={pet.error}
        busy={pet.busy}
        disabled={props.disabled}
        onFile={pet.accept}
        onReject={pet.reject}
        onClear={pet.clear}
      />
      <DropZone
        label="Costume Character"
        hint="The character to dress up as · JPEG, PNG, WebP or GIF, max 10 MB"
        preview={props.costumeImage}
        previewAlt="Your costume character"
        error={costume.error}
        busy={costume.busy}
        disabled={props.disabled}
        onFile={costume.accept}
        onReject={costume.reject}
        onClear={costume.clear}
      />
    </div>
  );
}
