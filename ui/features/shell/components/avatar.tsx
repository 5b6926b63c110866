/** The profile picture, or the name's first letter on a coloured disc. */
export function Avatar(props: { name: string; url: string | undefined; size?: number }) {
  const size = props.size ?? 36;
  return props.url ? (
    <img className="pw-avatar" src={props.url} alt="" width={size} height={size} />
  ) : (
    <span
      className="pw-avatar pw-avatar--initial"
      aria-hidden="true"
      style={{ width: size, height: size }}
    >
      {props.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
