import { useId, useRef } from 'react';
import type { PresetKind } from '../../../../domain/model/presets';
import { useChooseVerb } from '../../../components/use-choose-verb';
import { useImageInput } from '../hooks/use-image-input';
import { DropZone } from './drop-zone';
import { SIDES } from './input-sides';
import { PresetCarousel } from './preset-carousel';
import type { SideProps } from './upload-inputs';

/** Use Presets mode: the two carousels, each with an upload offered in its place. */
export function PresetInputs(props: { pet: SideProps; costume: SideProps }) {
  return (
    <div className="pw-preset-rows">
      <PresetSide kind="pet" {...props.pet} />
      <PresetSide kind="costume" {...props.costume} />
    </div>
  );
}

/**
 * One carousel with a drop/tap zone under it (Upload your pet / Upload a costume picture). A
 * picture given there takes the place of the side's preset and of the carousel, until Back to
 * presets (or Remove) clears it.
 */
function PresetSide(props: SideProps & { kind: PresetKind }) {
  const text = SIDES[props.kind];
  const verb = useChooseVerb();
  const file = useImageInput(props.onUpload);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const upload = props.input?.source === 'upload' ? props.input.dataUrl : undefined;
  const selectedId = props.input?.source === 'preset' ? props.input.id : undefined;

  if (upload) {
    return (
      <section className="pw-presets pw-presets--upload" aria-labelledby={titleId}>
        <div className="pw-presets__head">
          <h2 id={titleId}>{text.carouselTitle}</h2>
          <button
            type="button"
            className="pw-btn pw-btn--secondary"
            disabled={props.disabled}
            onClick={() => {
              file.clear();
              // The carousel comes back in place of this button: focus goes to its heading.
              requestAnimationFrame(() => heading.current?.focus());
            }}
          >
            Back to presets
          </button>
        </div>
        <DropZone
          label={text.uploadOffer}
          hideLabel
          hint={text.uploadHint(verb)}
          preview={upload}
          previewAlt={text.previewAlt}
          clearLabel={text.removeUpload}
          error={file.error}
          disabled={props.disabled}
          onFile={file.accept}
          onReject={file.reject}
          onClear={file.clear}
        />
      </section>
    );
  }

  return (
    <PresetCarousel
      title={text.carouselTitle}
      headingRef={heading}
      presets={props.presets}
      selectedId={selectedId}
      onSelect={(id) => {
        file.dismissError();
        props.onPreset(id);
      }}
      disabled={props.disabled}
    >
      <DropZone
        label={text.uploadOffer}
        hideLabel
        strip
        cta={text.uploadOffer}
        hint={text.uploadHint(verb)}
        preview={undefined}
        previewAlt={text.previewAlt}
        error={file.error}
        busy={file.busy}
        disabled={props.disabled}
        onFile={file.accept}
        onReject={file.reject}
        onClear={file.clear}
      />
    </PresetCarousel>
  );
}
