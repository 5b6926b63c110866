import { Dialog } from '../../../components/dialog';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { useScrollLock } from '../../../components/use-scroll-lock';
import type { PresetCard } from './preset-carousel';

/**
 * One side's presets, opened from Upload Photos: a bottom sheet on phones, a dialog on wide screens
 * (create.css). Focus moves in, stays inside and goes back to the opener; Escape closes.
 */
export function PresetPicker(props: {
  title: string;
  presets: readonly PresetCard[];
  selectedId: string | undefined;
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  useScrollLock();
  return (
    <div className="pw-picker-host">
      <Dialog title={props.title} onClose={props.onClose} className="pw-picker" keptInHistory>
        <button
          type="button"
          className="pw-icon-btn pw-picker__close"
          aria-label="Close"
          onClick={props.onClose}
        >
          <CloseIcon />
        </button>
        <ul className="pw-picker__grid">
          {props.presets.map((preset) => {
            const selected = preset.id === props.selectedId;
            return (
              <li key={preset.id}>
                <button
                  type="button"
                  className={`pw-picker__item${selected ? ' is-selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => (selected ? props.onClose() : props.onChoose(preset.id))}
                >
                  <img src={preset.image} alt="" width={300} height={300} loading="lazy" />
                  <span className="pw-picker__name">{preset.name}</span>
                  {selected && <CheckIcon className="pw-picker__tick" />}
                </button>
              </li>
            );
          })}
        </ul>
      </Dialog>
    </div>
  );
}
