import type { InputMode } from '../../../../domain/model/generation';
import { SparkleIcon, UploadIcon } from '../../../components/icons';

/** Upload Photos / Use Presets (SPEC.md section 2 "Create view"). */
export function ModeToggle(props: {
  mode: InputMode;
  onChange: (mode: InputMode) => void;
  disabled?: boolean;
}) {
  const option = (mode: InputMode, label: string, icon: React.ReactNode) => (
    <button
      type="button"
      className={`pw-toggle__option${props.mode === mode ? ' is-active' : ''}`}
      aria-pressed={props.mode === mode}
      disabled={props.disabled}
      onClick={() => props.onChange(mode)}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div className="pw-toggle" role="group" aria-label="How to choose the images">
      {option('upload', 'Upload Photos', <UploadIcon />)}
      {option('presets', 'Use Presets', <SparkleIcon />)}
    </div>
  );
}
