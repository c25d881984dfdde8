import { useId } from 'react';
import { staffAreas } from '../grants';

/**
 * The permissions of a staff account, grouped by area with the catalogue's words: “All of …” holds the whole area
 * (and what it gains later). Only what `offered` allows is shown; an area with nothing to offer is left out.
 */
export function PermissionPicker({
  value,
  onChange,
  offered,
  disabled,
  error,
}: {
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  offered: (permission: string) => boolean;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const id = useId();
  const toggle = (permission: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(permission);
    else next.delete(permission);
    if (permission.endsWith(':*') && on) {
      // The area's own permissions come with it: keep the list short.
      const area = permission.slice(0, -1);
      for (const p of next) if (p.startsWith(area) && p !== permission) next.delete(p);
    }
    onChange([...next].sort());
  };
  const areas = staffAreas
    .map((a) => ({ ...a, shown: a.permissions.filter(([p]) => offered(p)), all: offered(`${a.area}:*`) }))
    .filter((a) => a.shown.length > 0 || a.all);
  return (
    <fieldset className="permission-picker" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>Permissions</legend>
      <p id={`${id}-hint`} className="field__hint">
        Only permissions you hold yourself can be given.
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
      {areas.length === 0 ? <p className="muted">You hold no permission you could give.</p> : null}
      <div className="permission-picker__areas">
        {areas.map(({ area, name, shown, all }) => {
          const whole = value.includes(`${area}:*`);
          return (
            <fieldset key={area} className="permission-picker__area">
              <legend>{name}</legend>
              {all ? (
                <label className="permission-picker__item permission-picker__item--all">
                  <input
                    type="checkbox"
                    checked={whole}
                    disabled={disabled}
                    onChange={(e) => toggle(`${area}:*`, e.target.checked)}
                  />
                  <span>All of {name}</span>
                </label>
              ) : null}
              {shown.map(([p, words]) => (
                <label key={p} className="permission-picker__item">
                  <input
                    type="checkbox"
                    checked={whole || value.includes(p)}
                    disabled={disabled || whole}
                    onChange={(e) => toggle(p, e.target.checked)}
                  />
                  <span>
                    {words} <code>{p}</code>
                  </span>
                </label>
              ))}
            </fieldset>
          );
        })}
      </div>
    </fieldset>
  );
}
