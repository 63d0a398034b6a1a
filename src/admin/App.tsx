import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import './admin.css';
import { LoginScreen } from './LoginScreen';
import { ADMIN_ROUTES, canOpen, DESK_PATH, EMAIL_VERIFY_PATH, HOME_PATH, LOGIN_PATH } from './routes';
import { api, currentUser, subscribe } from './session';

// The sign-in screen loads none of these (issue 21): the frame, the toasts and the e-mail check
// arrive with the first screen that shows them.
const PanelShell = lazy(() => import('./Shell').then((m) => ({ default: m.PanelShell })));
const AccessDenied = lazy(() => import('./Shell').then((m) => ({ default: m.AccessDenied })));
const EmailVerifyScreen = lazy(() => import('./EmailVerifyScreen').then((m) => ({ default: m.EmailVerifyScreen })));
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

const LOADING = (
  <div className="a-card a-muted" role="status">
    Yükleniyor…
  </div>
);

export function useStaffUser() {
  return useSyncExternalStore(subscribe, currentUser, () => null);
}

/**
 * /admin itself (and any unknown panel path): the race-day desk when today has races, else the
 * article list. A failed check falls back to the articles rather than blocking the panel.
 */
function Landing() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call((r) => r.admin['race-desk'].$get())
      .then((r) => live && setTarget(r.data.meetings.length > 0 ? DESK_PATH : HOME_PATH))
      .catch(() => live && setTarget(HOME_PATH));
    return () => {
      live = false;
    };
  }, []);
  return target ? <Navigate to={target} replace /> : LOADING;
}

/**
 * Everything behind sign-in: an unsigned visitor sees the sign-in screen, a signed-in one a screen
 * their role may open or 'Erişim Reddedildi' (spec 002 §2). The role is checked here, once.
 */
function Protected() {
  const user = useStaffUser();
  const location = useLocation();
  if (!user) return <LoginScreen from={location.pathname === LOGIN_PATH ? undefined : location.pathname + location.search} />;
  return (
    <Suspense fallback={LOADING}>
      {/* Below the top bar, so a toast never covers the staff member's name and logout. */}
      <Toaster position="top-right" containerStyle={{ top: '4.5rem' }} toastOptions={{ duration: 4000, success: { duration: 3000 }, error: { duration: 5000 } }} />
      <PanelShell user={user}>
        {/* Screens load on first use (routes.ts): the frame and sidebar stay while one arrives. */}
        <Suspense fallback={LOADING}>
          <Routes>
            {ADMIN_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={canOpen(route, user) ? <route.screen user={user} /> : <AccessDenied roles={route.roles} />} />
            ))}
            <Route path="*" element={<Landing />} />
          </Routes>
        </Suspense>
      </PanelShell>
    </Suspense>
  );
}

function LoginRoute() {
  const user = useStaffUser();
  return user ? <Navigate to="/admin" replace /> : <LoginScreen />;
}

export default function AdminApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={LOGIN_PATH} element={<LoginRoute />} />
        <Route
          path={EMAIL_VERIFY_PATH}
          element={
            <Suspense fallback={LOADING}>
              <EmailVerifyScreen />
            </Suspense>
          }
        />
        <Route path="*" element={<Protected />} />
      </Routes>
    </BrowserRouter>
  );
}
