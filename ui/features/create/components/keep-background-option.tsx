import '../keep-background.css';
import { useId } from 'react';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';

/**
 * "Keep my photo's background" (issue 40): a checkbox shown while the pet is an uploaded photo. By
 * default the pet is cut out into the Halloween scene; ticked, the photo fills the picture with the
 * costume on it. A preset pet has no photo background, so the option is not offered for one (the
 * choice is kept meanwhile, for when a photo comes back).
 */
export function KeepBackgroundOption(props: { disabled?: boolean }) {
  const { generation, selectInputs } = useServices();
  const { inputs } = useStore(generation);
  const hintId = useId();
  if (inputs.pet?.source !== 'upload') return null;
  return (
    <div className="pw-keep-background">
      <label className="pw-keep-background__label">
        <input
          type="checkbox"
          className="pw-keep-background__box"
          checked={inputs.keepBackground === true}
          disabled={props.disabled}
          aria-describedby={hintId}
          onChange={(event) => selectInputs.setKeepBackground(event.target.checked)}
        />
        Keep my photo’s background
      </label>
      <p className="pw-keep-background__hint" id={hintId}>
        Your photo fills the picture instead of your pet being cut out into the Halloween scene.
      </p>
    </div>
  );
}
