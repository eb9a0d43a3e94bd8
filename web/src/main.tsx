import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { emptySiteData, type SiteData } from '@/lib/site-data';
import './styles.css';

function readSiteData(): SiteData {
  const el = document.getElementById('site-data');
  if (!el?.textContent) return emptySiteData;
  return JSON.parse(el.textContent) as SiteData;
}

const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <StrictMode>
      <BrowserRouter>
        <App data={readSiteData()} />
      </BrowserRouter>
    </StrictMode>,
  );
}
