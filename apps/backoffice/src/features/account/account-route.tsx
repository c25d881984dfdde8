import { Page } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { useMe } from '../../lib/me';
import { PasswordCard } from './components/password-card';
import { ProfileCard } from './components/profile-card';
import { TwoStepCard } from './components/two-step-card';
import './account.css';

/**
 * Your account: the signed-in staff member's own name, password and two-step sign-in. A detail page (the name has
 * the save bar; the password and the second factors are actions of their own).
 */
export function Component() {
  const me = useMe();
  if (me.isPending)
    return (
      <Page title="Your account">
        <Loading />
      </Page>
    );
  if (!me.data) {
    return (
      <Page title="Your account">
        <ErrorState error={me.error} retry={() => void me.refetch()} />
      </Page>
    );
  }
  return (
    <Page title="Your account" subtitle={me.data.email}>
      <div className="account">
        <ProfileCard me={me.data} />
        <PasswordCard />
        <TwoStepCard me={me.data} />
      </div>
    </Page>
  );
}
