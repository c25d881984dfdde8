import { Link } from 'react-router';
import { sections } from '../../app/sections';
import { Page } from '../../components/page';
import { Empty } from '../../components/states';
import { useCan } from '../../lib/me';
import './settings.css';

/**
 * Settings: a card for each settings page the staff member may open, with a line on what it holds. The pages come
 * from the sections registry, so a settings page added later appears here too.
 */
export function Component() {
  const can = useCan();
  const pages = sections.filter(
    (s) => s.group === 'settings' && s.id !== 'settings' && (!s.permission || can(s.permission)),
  );
  return (
    <Page title="Settings" subtitle="How your store runs, who works in it, and what it sends.">
      {pages.length === 0 ? (
        <Empty title="No settings for your role">
          Your role lets you work in the store but not change its settings. Your own name, password and sign-in
          protection are under <Link to="/account">Your account</Link>.
        </Empty>
      ) : (
        <ul className="settings-index">
          {pages.map((s) => (
            <li key={s.id}>
              <Link to={s.to} className="settings-index__card">
                <h2>{s.label}</h2>
                {s.description ? <p>{s.description}</p> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages.length > 0 ? (
        <p className="settings-index__account">
          Your own name, password and two-step sign-in are under <Link to="/account">Your account</Link>.
        </p>
      ) : null}
    </Page>
  );
}
