/** A short status word with a tone (paid, fulfilled, hidden…); the word itself carries the meaning, not the colour. */
export function Badge({
  tone = 'neutral',
  children,
}: {
  tone?: 'neutral' | 'success' | 'warning' | 'critical' | 'info';
  children: string;
}) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
