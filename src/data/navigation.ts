// The site's link lists (navigation.json), in the spec's order; checked at build time, so a misspelt icon fails the build.
import navigation from './navigation.json' with { type: 'json' };
import { ICONS, type IconName } from './icons.ts';

/** A link to another page of the site, with an optional one-line hint and icon. */
export interface NavLink {
  href: string;
  label: string;
  hint?: string;
  icon?: IconName;
}

function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name);
}

function links(entries: readonly { href: string; label: string; hint?: string; icon?: string }[]): readonly NavLink[] {
  return entries.map(({ icon, ...link }) => {
    if (icon === undefined) return link;
    if (!isIconName(icon)) throw new Error(`navigation.json: "${link.label}" names an unknown icon "${icon}"`);
    return { ...link, icon };
  });
}

/** Bottom navigation: Home, Search, Cart, Orders, Account. */
export const mainNavigation = links(navigation.main);
/** The profile page's account links. */
export const accountLinks = links(navigation.account);
/** The settings menu. */
export const settingsLinks = links(navigation.settings);
/** The help page's six help topics. */
export const helpLinks = links(navigation.help);
/** What works without a network, on the offline page. */
export const offlineLinks = links(navigation.offline);
