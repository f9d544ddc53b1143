import './lib/zod-no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureZodPortuguese } from '@balcao/shared/zod';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import './index.css';

configureZodPortuguese();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
