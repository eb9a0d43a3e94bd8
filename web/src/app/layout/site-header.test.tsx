import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from '@/app/layout/site-header';
import { SiteDataProvider } from '@/lib/site-data-context';
import { emptySiteData, type ContentMap, type MenuItem } from '@/lib/site-data';

const link = (title: string, url: string, order: number): MenuItem => ({ title, url, order });

// The seeded menu's two dropdowns (internal/sqlite/migrations/0038_menu_children.sql).
const solutions = ['Machine Learning', 'Deep Learning', 'Natural Language Processing', 'Computer Vision', 'Predictive Analytics'];
const services = ['AI Consulting', 'Strategy Development', 'Implementation', 'Ongoing Support', 'Training & Education'];
const solutionUrls = ['/machine-learning', '/deep-learning', '/natural-language-processing', '/computer-vision', '/predictive-analytics'];
const serviceUrls = ['/ai-consulting', '/strategy-development', '/implementation', '/ongoing-support', '/training-education'];

const menu: MenuItem[] = [
  link('Home', '/#home', 1),
  {
    ...link('AI Solutions', '/#solutions', 2),
    // Services first in this list's order, to show that the groups go by the link, not the position.
    children: [...services.map((t, i) => link(t, serviceUrls[i], 6 + i)), ...solutions.map((t, i) => link(t, solutionUrls[i], 1 + i))],
  },
  { ...link('Company', '#', 5), children: [link('About', '/about-us', 1), link('Careers', '/careers', 2)] },
];

function renderHeader(content: ContentMap = {}) {
  return render(
    <SiteDataProvider value={{ ...emptySiteData, menu, content }}>
      <MemoryRouter initialEntries={['/careers']}>
        <SiteHeader />
      </MemoryRouter>
    </SiteDataProvider>,
  );
}

const names = (el: HTMLElement) => within(el).getAllByRole('link').map((a) => a.textContent);

describe('the header dropdown of AI Solutions', () => {
  it('groups the solution pages under Solutions and the service pages under Services, each in the menu order', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: 'AI Solutions' }));
    expect(names(within(nav).getByRole('group', { name: 'Solutions' }))).toEqual(solutions);
    expect(names(within(nav).getByRole('group', { name: 'Services' }))).toEqual(services);
    // The parent's own link comes first, outside the groups.
    const dropdown = document.getElementById('menu-dropdown-1') as HTMLElement;
    expect(names(dropdown)).toEqual(['AI Solutions', ...solutions, ...services]);
  });

  it('shows a dropdown of one kind of page as one list, without headings', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Company' }));
    const dropdown = document.getElementById('menu-dropdown-2') as HTMLElement;
    expect(names(dropdown)).toEqual(['About', 'Careers']);
    expect(within(dropdown).queryAllByRole('group')).toEqual([]);
  });

  it('groups the same links in the accordion of the mobile menu', () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    fireEvent.click(within(mobile).getByRole('button', { name: 'AI Solutions' }));
    expect(names(within(mobile).getByRole('group', { name: 'Solutions' }))).toEqual(solutions);
    expect(names(within(mobile).getByRole('group', { name: 'Services' }))).toEqual(services);
    expect(names(document.getElementById('mobile-section-1') as HTMLElement)).toEqual(['AI Solutions', ...solutions, ...services]);
  });

  it('names the groups with the texts an admin saved', () => {
    renderHeader({ header: { 'menu_groups.solutions': 'What we build', 'menu_groups.services': 'How we work' } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: 'AI Solutions' }));
    expect(names(within(nav).getByRole('group', { name: 'What we build' }))).toEqual(solutions);
    expect(names(within(nav).getByRole('group', { name: 'How we work' }))).toEqual(services);
  });
});
