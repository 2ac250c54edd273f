import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fromNow } from '../../dates.ts';
import { useI18n } from '../../i18n.tsx';
import { call, loadSession, useUser } from '../../session.ts';
import { useAreaPath } from '../../shell/area.ts';
import { type A, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { InviteForm } from './InviteForm.tsx';
import { ManagerRow } from './ManagerRow.tsx';
import { roleIds } from './managers-form.ts';

/** §2 account/managers (§6): the managers and their permissions, and invitations by e-mail. */
export default function ManagersScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const me = useUser();
  const navigate = useNavigate();
  const to = useAreaPath();
  const managersKey = accountKey(params.broadcasterID, 'managers');
  const invitesKey = accountKey(params.broadcasterID, 'invites');
  const queryClient = useQueryClient();
  const change = useChange();
  const managers = useQuery({
    queryKey: managersKey,
    queryFn: ({ signal }) => call<A['userRoles']>(routes.managers, { params, signal, noCache: true }),
  });
  const invites = useQuery({
    queryKey: invitesKey,
    queryFn: ({ signal }) => call<A['userInvites']>(routes.invites, { params, signal, noCache: true }),
  });
  const refreshInvites = () => queryClient.invalidateQueries({ queryKey: invitesKey });

  return (
    <ScreenFrame
      title={t('dashboardAccount.managers.title')}
      intro={t('dashboardAccount.managers.intro')}
      pending={managers.isPending || invites.isPending}
      error={managers.error ?? invites.error}
    >
      {() =>
        managers.data &&
        invites.data && (
          <>
            <ul className="managers">
              {managers.data.results.map((manager) => (
                <ManagerRow
                  key={manager.userID}
                  manager={manager}
                  all={managers.data.results}
                  isMe={manager.userID === me?.user_id}
                  onRoles={async (boxes) => {
                    const changed = await change(() =>
                      call<A['changeUserRoles']>(routes.changeRoles, {
                        params: { ...params, userID: manager.userID },
                        body: { roles: roleIds(boxes) as (2 | 3 | 4)[] },
                      }),
                    );
                    if (changed) queryClient.setQueryData(managersKey, changed);
                    return changed !== undefined;
                  }}
                  onRemove={async () => {
                    const left = await change(() =>
                      call<A['removeManager']>(routes.removeManager, { params: { ...params, userID: manager.userID } }),
                    );
                    if (!left) return;
                    if (manager.userID === me?.user_id) {
                      // Removed yourself: your roles changed, so the session says where you may go now.
                      await loadSession();
                      navigate(to('/sermons'));
                    } else queryClient.setQueryData(managersKey, left);
                  }}
                />
              ))}
            </ul>

            <h2>{t('dashboardAccount.managers.invites')}</h2>
            {invites.data.results.length === 0 ? (
              <p>{t('dashboardAccount.managers.noInvites')}</p>
            ) : (
              <ul className="invites">
                {invites.data.results.map((invite) => (
                  <li key={invite.inviteID} className="card">
                    <strong>{invite.email}</strong>{' '}
                    <span>
                      {invite.roles.map((r) => t(`dashboardAccount.managers.role${r as 2 | 3 | 4}`)).join(', ')}
                    </span>{' '}
                    <span className="hint">
                      {t('dashboardAccount.managers.sentAt', {
                        when: fromNow(new Date(invite.lastSent * 1000).toISOString()),
                      })}
                    </span>{' '}
                    {invite.state === 'pending' && (
                      <>
                        <button
                          type="button"
                          className="link-button"
                          onClick={async () => {
                            await change(
                              () =>
                                call<A['resendInvite']>(routes.resendInvite, {
                                  params: { ...params, inviteID: invite.inviteID },
                                }),
                              t('dashboardAccount.managers.resent', { email: invite.email }),
                            );
                            await refreshInvites();
                          }}
                        >
                          {t('dashboardAccount.managers.resend')}
                        </button>{' '}
                        <button
                          type="button"
                          className="link-button"
                          onClick={async () => {
                            await change(
                              () =>
                                call<A['revokeInvite']>(routes.revokeInvite, {
                                  params: { ...params, inviteID: invite.inviteID },
                                }),
                              t('dashboardAccount.managers.revoked', { email: invite.email }),
                            );
                            await refreshInvites();
                          }}
                        >
                          {t('dashboardAccount.managers.revoke')}
                        </button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}

            <InviteForm
              onInvite={async ({ email, roles }) => {
                const sent = await change(
                  () =>
                    call<A['inviteUser']>(routes.invite, {
                      params,
                      body: { email, roles: roleIds(roles) as (2 | 3 | 4)[] },
                    }),
                  t('dashboardAccount.managers.invited', { email }),
                );
                if (sent) await refreshInvites();
                return sent !== undefined;
              }}
            />
          </>
        )
      }
    </ScreenFrame>
  );
}
