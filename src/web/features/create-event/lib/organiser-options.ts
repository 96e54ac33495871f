/** A profile an admin may create or edit an event for (listOrganisers in services.server). */
export interface Organiser {
  userId: string;
  displayName: string | null;
  username: string | null;
}

export interface OrganiserOption {
  value: string;
  label: string;
}

/** spec §6 Admin: display name plus @username, falling back to 'User {first 8 chars of id}'. */
export function organiserLabel({ userId, displayName, username }: Organiser): string {
  const name = displayName?.trim();
  const handle = username?.trim() ? `@${username.trim()}` : null;
  if (name && handle) return `${name} (${handle})`;
  return name || handle || `User ${userId.slice(0, 8)}`;
}

/**
 * The 'Event Organizer (Admin Only)' options: empty is the admin themself. The event's current
 * organiser is always offered, even when the list could not be loaded, so that saving keeps them.
 */
export function organiserOptions(organisers: readonly Organiser[], { actorId, currentOrganiserId }: { actorId: string; currentOrganiserId: string }): OrganiserOption[] {
  const others = organisers.filter((organiser) => organiser.userId !== actorId);
  const options = others.map((organiser) => ({ value: organiser.userId, label: organiserLabel(organiser) }));
  if (currentOrganiserId && !others.some((organiser) => organiser.userId === currentOrganiserId)) {
    options.unshift({ value: currentOrganiserId, label: `Current organizer (User ${currentOrganiserId.slice(0, 8)})` });
  }
  return [{ value: "", label: "Yourself" }, ...options];
}
