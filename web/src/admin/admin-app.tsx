import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { clearAdminSession } from '@/features/editable-text/edit-mode';
import { Toaster } from '@/components/ui/toaster';
import { DashboardPage } from './dashboard-page';
import { InvitationPage } from './invitation-page';
import { createAdminQueryClient } from './lib/query-client';
import { LoginPage } from './login-page';
import { VerifyEmailPage } from './verify-email-page';
import { TooltipProvider } from '@/components/ui/tooltip';

/** The admin portal: client-rendered, in its own bundle, under /admin. */
export function AdminApp() {
  // A 401 means the token is gone on the server: forgetting it here sends the
  // dashboard to the login page.
  const [client] = useState(() => createAdminQueryClient(clearAdminSession));
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        <Routes>
          <Route path="/admin/login" element={<LoginPage />} />
          <Route path="/admin/invite" element={<InvitationPage />} />
          <Route path="/admin/verify-email" element={<VerifyEmailPage />} />
          <Route path="/admin" element={<DashboardPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
