import { useHistoryOpen } from '../../../app/app-history';
import type { InputSource } from '../../../../domain/model/generation';
import type { PresetKind } from '../../../../domain/model/presets';
import { SparkleIcon } from '../../../components/icons';
import { useImageInput } from '../hooks/use-image-input';
import { DropZone } from './drop-zone';
import { SIDES } from './input-sides';
import type { PresetCard } from './preset-carousel';
import { PresetPicker } from './preset-picker';

export interface SideProps {
  input: InputSource | undefined;
  presets: readonly PresetCard[];
  disabled: boolean;
  onUpload: (dataUrl: string | undefined) => void;
  onPreset: (id: string) => void;
}

/** Upload mode: the pet photo and the costume character zones side by side. */
export function UploadInputs(props: { pet: SideProps; costume: SideProps }) {
  return (
    <div className="pw-uploads">
      <UploadSide kind="pet" {...props.pet} />
      <UploadSide kind="costume" {...props.costume} />
    </div>
  );
}

/**
 * One side in Upload Photos: a drop/tap zone, and a button opening this side's presets. A preset
 * chosen there shows in the zone (its name over it, the zone's Remove clears it); a file dropped or
 * picked takes its place again.
 */
function UploadSide(props: SideProps & { kind: PresetKind }) {
  const text = SIDES[props.kind];
  const file = useImageInput(props.onUpload);
  const [picking, setPicking] = useHistoryOpen(`preset-picker-${props.kind}`);
  const preset =
    props.input?.source === 'preset'
      ? props.presets.find((card) => card.id === (props.input as { id: string }).id)
      : undefined;
  const upload = props.input?.source === 'upload' ? props.input.dataUrl : undefined;

  return (
    <div className="pw-side">
      <DropZone
        label={text.zoneLabel}
        hint={text.zoneHint}
        preview={upload ?? preset?.image}
        previewAlt={preset ? `Preset ${text.presetNoun}: ${preset.name}` : text.previewAlt}
        caption={preset?.name}
        clearLabel={preset ? `Remove preset ${text.presetNoun}` : text.removeUpload}
        error={file.error}
        busy={file.busy}
        disabled={props.disabled}
        onFile={file.accept}
        onReject={file.reject}
        onClear={file.clear}
      />
      <button
        type="button"
        className="pw-btn pw-btn--secondary pw-side__preset-btn"
        aria-haspopup="dialog"
        disabled={props.disabled}
        onClick={() => setPicking(true)}
      >
        <SparkleIcon /> {text.choosePreset}
      </button>
      {picking && (
        <PresetPicker
          title={text.choosePreset}
          presets={props.presets}
          selectedId={preset?.id}
          onChoose={(id) => {
            setPicking(false);
            file.dismissError();
            props.onPreset(id);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
