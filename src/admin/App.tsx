import { useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import './admin.css';
import { ArticleEditScreen, ArticleNewScreen } from './articles/ArticleFormScreen';
import { ArticlesScreen } from './articles/ArticlesScreen';
import { DeletedArticlesScreen } from './articles/DeletedArticlesScreen';
import { AuthorsScreen } from './authors/AuthorsScreen';
import { EmailVerifyScreen } from './EmailVerifyScreen';
import { LoginScreen } from './LoginScreen';
import { AuthorProfileScreen } from './profile/AuthorProfileScreen';
import { CommentsScreen } from './ops/CommentsScreen';
import { MessagesScreen } from './ops/MessagesScreen';
import { SettingsScreen } from './ops/SettingsScreen';
import { UsersScreen } from './ops/UsersScreen';
import { VipScreen } from './ops/VipScreen';
import { currentUser, subscribe } from './session';
import { RacesScreen } from './races/RacesScreen';
import { PanelShell } from './Shell';

export function useStaffUser() {
  return useSyncExternalStore(subscribe, currentUser, () => null);
}

/** Everything behind sign-in: an unsigned visitor sees the sign-in screen (spec 002 §2). */
function Protected() {
  const user = useStaffUser();
  const location = useLocation();
  if (!user) return <LoginScreen from={location.pathname === '/admin/login' ? undefined : location.pathname + location.search} />;
  return (
    <PanelShell user={user}>
      <Routes>
        <Route path="/admin/articles" element={<ArticlesScreen user={user} />} />
        <Route path="/admin/articles/new" element={<ArticleNewScreen user={user} />} />
        <Route path="/admin/articles/edit" element={<ArticleEditScreen user={user} />} />
        <Route path="/admin/articles/deleted" element={<DeletedArticlesScreen user={user} />} />
        <Route path="/admin/authors" element={<AuthorsScreen user={user} />} />
        <Route path="/admin/author-profile" element={<AuthorProfileScreen user={user} />} />
        <Route path="/admin/orders" element={<VipScreen user={user} />} />
        <Route path="/admin/comments" element={<CommentsScreen user={user} />} />
        <Route path="/admin/users" element={<UsersScreen user={user} />} />
        <Route path="/admin/messages" element={<MessagesScreen user={user} />} />
        <Route path="/admin/settings" element={<SettingsScreen user={user} />} />
        <Route path="/admin/races" element={<RacesScreen user={user} />} />
        <Route path="*" element={<Navigate to="/admin/articles" replace />} />
      </Routes>
    </PanelShell>
  );
}

function LoginRoute() {
  const user = useStaffUser();
  return user ? <Navigate to="/admin/articles" replace /> : <LoginScreen />;
}

export default function AdminApp() {
  return (
    <BrowserRouter>
      <Toaster position="top-right" toastOptions={{ duration: 4000, success: { duration: 3000 }, error: { duration: 5000 } }} />
      <Routes>
        <Route path="/admin/login" element={<LoginRoute />} />
        <Route path="/admin/email-dogrula" element={<EmailVerifyScreen />} />
        <Route path="*" element={<Protected />} />
      </Routes>
    </BrowserRouter>
  );
}
