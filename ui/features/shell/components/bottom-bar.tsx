import { useHistoryOpen } from '../../../app/app-history';
import { GalleryIcon, SparkleIcon, UserIcon } from '../../../components/icons';
import { AccountSheet } from './account-sheet';
import type { ShellProps } from './shell-props';

/** The mobile bottom bar: Gallery, Create, Account (SPEC.md section 2 "Signed-in app"). */
export function BottomBar(props: ShellProps) {
  const [sheetOpen, setSheetOpen] = useHistoryOpen('account-sheet');
  const item = (
    label: string,
    icon: React.ReactNode,
    active: boolean,
    onClick: () => void,
    extra = {},
  ) => (
    <button
      type="button"
      className={`pw-bottom-bar__item${active ? ' is-active' : ''}`}
      onClick={onClick}
      {...extra}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
  return (
    <>
      <nav className="pw-bottom-bar" aria-label="Main">
        {item(
          'Gallery',
          <GalleryIcon />,
          props.view === 'gallery',
          () => props.onViewChange('gallery'),
          {
            'aria-current': props.view === 'gallery' ? 'page' : undefined,
          },
        )}
        {item(
          'Create',
          <SparkleIcon />,
          props.view === 'create',
          () => props.onViewChange('create'),
          {
            'aria-current': props.view === 'create' ? 'page' : undefined,
          },
        )}
        {item('Account', <UserIcon />, sheetOpen, () => setSheetOpen(true), {
          'aria-haspopup': 'dialog',
        })}
      </nav>
      {sheetOpen && <AccountSheet {...props} onClose={() => setSheetOpen(false)} />}
    </>
  );
}
