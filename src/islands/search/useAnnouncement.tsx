/** What the page's live region tells screen readers: each settled answer (`announcementFor`), half a second after it settles. */
import { useEffect, useState } from 'react';
import { announcementFor, isSettled, type SearchView } from '../../lib/search/view.ts';

export function useAnnouncement(view: SearchView): string {
  const [announcement, setAnnouncement] = useState('');
  const settledKey = isSettled(view) ? view.key : null;
  useEffect(() => {
    if (!isSettled(view)) return;
    const timer = setTimeout(() => setAnnouncement(announcementFor(view)), 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announces once per settled answer (its key), not on every view object
  }, [settledKey, view.status]);
  return announcement;
}
