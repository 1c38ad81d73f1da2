import { useEffect, useId, useState } from 'react';
import { currentStaff, signIn, signOut } from '../../lib/staff-api.ts';
import StaffOrders from './StaffOrders.tsx';

const input = 'mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-3 text-base dark:border-gray-700 dark:bg-gray-900';
const primary = 'w-full rounded-xl bg-brand-700 px-4 py-3 text-lg font-bold text-white hover:bg-brand-800 disabled:opacity-60';

/** /staff/ (docs/orders.md, "Staff"): sign in with the shop's Supabase account, then the day's orders. */
export default function StaffApp() {
  // undefined while the stored session is read; null when signed out.
  const [email, setEmail] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    currentStaff().then(setEmail, () => setEmail(null));
  }, []);

  if (email === undefined) {
    return (
      <p role="status" className="mt-6 animate-pulse text-gray-600 dark:text-gray-300">
        Loading…
      </p>
    );
  }
  if (email === null) return <SignIn onSignedIn={setEmail} />;
  return (
    <>
      <div className="mt-2 flex items-center justify-between gap-3 text-sm">
        <p className="min-w-0 truncate text-gray-600 dark:text-gray-300">Signed in as {email}</p>
        <button
          type="button"
          className="shrink-0 rounded-lg border border-gray-300 px-3 py-2 font-semibold dark:border-gray-700"
          onClick={() => void signOut().finally(() => setEmail(null))}
        >
          Sign out
        </button>
      </div>
      <StaffOrders onSignedOut={() => setEmail(null)} />
    </>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (email: string) => void }) {
  const [form, setForm] = useState({ email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (busy) return;
    if (form.email.trim() === '' || form.password === '') {
      setProblem('Enter your email and password.');
      return;
    }
    setBusy(true);
    setProblem(null);
    const refused = await signIn(form.email, form.password);
    setBusy(false);
    if (refused === null) onSignedIn(form.email.trim());
    else setProblem(refused);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Staff sign in
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-300">Use the account the shop’s operator made for you.</p>
      <div>
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          value={form.email}
          onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))}
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="text-sm font-medium">
          Password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(e) => setForm((f) => ({ ...f, password: e.target.value }))}
          className={input}
        />
      </div>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300">
        {problem}
      </p>
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={primary}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
