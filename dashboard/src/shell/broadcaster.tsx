import { createContext, type ReactNode, useContext } from 'react';
import { useSearchParams } from 'react-router';
import type { SessionUser } from '../session.ts';

/**
 * The broadcaster the dashboard works on (spec §2 "Dashboard broadcaster" guard): the route's
 * `broadcasterID` when the user may manage it, else the last one chosen on this device, else the
 * user's first. A site admin may open any broadcaster by its id.
 */
const STORED = 'kerygma-dashboard-broadcaster-id';

export type BroadcasterContext = {
  broadcasterID: string;
  /** Every broadcaster the user holds a role of (the switcher's choices). */
  choices: string[];
  /** The user's roles for this broadcaster (§6: 2 Admin, 3 Uploader, 4 Biller); a site admin has all. */
  roles: number[];
};

const Context = createContext<BroadcasterContext | null>(null);

export function useBroadcaster(): BroadcasterContext {
  const value = useContext(Context);
  if (!value) throw new Error('useBroadcaster outside the dashboard layout');
  return value;
}

export function BroadcasterProvider({ value, children }: { value: BroadcasterContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

function stored(): string | null {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/** Remembers the choice for the next visit. */
export function rememberBroadcaster(id: string): void {
  try {
    localStorage.setItem(STORED, id);
  } catch {
    // Storage refused: the first broadcaster is chosen next time.
  }
}

/** The broadcaster to work on for this user and address, or null when they manage none. */
export function chooseBroadcaster(
  user: SessionUser,
  requested: string | null,
  remembered: string | null,
): BroadcasterContext | null {
  const choices = user.broadcasterIds;
  const allowed = (id: string | null): id is string => !!id && (user.admin || choices.includes(id.toLowerCase()));
  const id = [requested, remembered, choices[0] ?? null].find(allowed)?.toLowerCase();
  if (!id) return null;
  const roles = user.admin
    ? [2, 3, 4]
    : user.broadcasterRoles.filter((r) => r.broadcasterID === id).map((r) => r.broadcasterRoleID);
  return { broadcasterID: id, choices, roles };
}

/** The current broadcaster from the address and this device's memory. */
export function useChosenBroadcaster(user: SessionUser): BroadcasterContext | null {
  const [params] = useSearchParams();
  return chooseBroadcaster(user, params.get('broadcasterID'), stored());
}
