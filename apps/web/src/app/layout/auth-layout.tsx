import { Outlet } from 'react-router';

/** Auth screens: a centred card on a quiet background, no sidebar. */
export function AuthLayout() {
  return (
    <main
      id="main"
      className="relative flex min-h-dvh items-center justify-center overflow-hidden px-4 py-12"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60%_60%_at_50%_0%,var(--accent-soft),transparent)] opacity-70"
      />
      <Outlet />
    </main>
  );
}
