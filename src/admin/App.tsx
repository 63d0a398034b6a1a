import { Suspense, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import './admin.css';
import { EmailVerifyScreen } from './EmailVerifyScreen';
import { LoginScreen } from './LoginScreen';
import { ADMIN_ROUTES, canOpen, EMAIL_VERIFY_PATH, HOME_PATH, LOGIN_PATH } from './routes';
import { currentUser, subscribe } from './session';
import { AccessDenied, PanelShell } from './Shell';

export function useStaffUser() {
  return useSyncExternalStore(subscribe, currentUser, () => null);
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
    <PanelShell user={user}>
      {/* Screens load on first use (routes.ts): the frame and sidebar stay while one arrives. */}
      <Suspense fallback={<div className="a-card a-muted" role="status">Yükleniyor…</div>}>
        <Routes>
          {ADMIN_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={canOpen(route, user) ? <route.screen user={user} /> : <AccessDenied roles={route.roles} />} />
          ))}
          <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
        </Routes>
      </Suspense>
    </PanelShell>
  );
}

function LoginRoute() {
  const user = useStaffUser();
  return user ? <Navigate to={HOME_PATH} replace /> : <LoginScreen />;
}

export default function AdminApp() {
  return (
    <BrowserRouter>
      {/* Below the top bar, so a toast never covers the staff member's name and logout. */}
      <Toaster position="top-right" containerStyle={{ top: '4.5rem' }} toastOptions={{ duration: 4000, success: { duration: 3000 }, error: { duration: 5000 } }} />
      <Routes>
        <Route path={LOGIN_PATH} element={<LoginRoute />} />
        <Route path={EMAIL_VERIFY_PATH} element={<EmailVerifyScreen />} />
        <Route path="*" element={<Protected />} />
      </Routes>
    </BrowserRouter>
  );
}
