import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../features/errors/error-screen';
import { ProtectedRoute } from './guards';
import { RootLayout } from './layout/root-layout';

/** Route-level code splitting: each page is its own chunk, loaded on first visit. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return <Component />;
}

function construction(title: string): ReactNode {
  return page(() => import('../features/errors/under-construction-page').then((m) => ({ Page: () => <m.UnderConstructionPage title={title} /> })), 'Page');
}

const protectedPage = (element: ReactNode) => <ProtectedRoute>{element}</ProtectedRoute>;

/** Every route of SPEC.md §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: page(() => import('../features/home/home-page'), 'HomePage') },
      {
        path: 'reservation',
        element: page(() => import('../features/booking-wizard/booking-wizard-page'), 'BookingWizardPage'),
      },
      { path: 'contact', element: page(() => import('../features/contact/contact-page'), 'ContactPage') },
      { path: 'login', element: page(() => import('../features/auth/login-page'), 'LoginPage') },
      { path: 'register', element: page(() => import('../features/auth/register-page'), 'RegisterPage') },
      {
        path: 'auth/forgot-password',
        element: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: 'auth/reset-password',
        element: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      { path: 'invitation/:token', element: construction('Invitation') },
      {
        path: 'dashboard',
        element: protectedPage(page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage')),
      },
      {
        path: 'booking/:bookingId',
        element: protectedPage(page(() => import('../features/booking-detail/booking-detail-page'), 'BookingDetailPage')),
      },
      { path: 'booking-success', element: construction('Paiement') },
      { path: 'profile', element: protectedPage(<Navigate to="/dashboard?tab=profile" replace />) },
      { path: 'mentions-legales', element: page(() => import('../features/legal/legal-notice-page'), 'LegalNoticePage') },
      { path: 'cgv', element: page(() => import('../features/legal/terms-of-sale-page'), 'TermsOfSalePage') },
      { path: 'conditions', element: page(() => import('../features/legal/terms-of-use-page'), 'TermsOfUsePage') },
      { path: 'privacy', element: page(() => import('../features/legal/privacy-page'), 'PrivacyPage') },
      { path: '*', element: page(() => import('../features/errors/not-found-page'), 'NotFoundPage') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
