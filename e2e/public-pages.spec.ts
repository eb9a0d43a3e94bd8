import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from './fixtures';
import { gotoReady } from './page-ready';

// The machine running the tests may be busy; wait longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

type RouteCase = {
  path: string;
  title: string;
  description: RegExp;
  h1: string;
  /** Where the page's call to action to /ai-journey is, if it has one. */
  cta: 'closing' | 'hero' | false;
  /** Texts of SPEC sections 1, 2 and 9 that must be in the server's HTML. */
  contains: string[];
};

const routes: RouteCase[] = [
  {
    path: '/',
    title: 'Enterprise AI Solutions, Consulting &amp; Staffing | Meridian AI',
    description: /^Meridian AI designs, builds and runs/,
    h1: 'Transform Your Business with Enterprise AI',
    // Home ends in its own contact form; its call to action opens the page.
    cta: 'hero' as const,
    contains: [
      '500+', 'AI projects delivered', '95%', 'Client satisfaction', '40%', 'Average efficiency gain',
      'Trusted by enterprise teams in six industries', 'Certified partner of the platforms you run',
      'Strategic Innovation', 'Future-Proof Solutions', 'Client-Centric Approach',
      'Machine Learning', 'Deep Learning', 'Natural Language Processing', 'Computer Vision',
      'Human Capital Management', 'Temporary Staffing', 'Statement of Work', 'Permanent Placement',
      'Predictive Analytics', 'AI-Powered Automation',
      'Average efficiency increase', '450%', 'ROI',
      'Manufacturing', 'Predictive maintenance', 'Financial Services', 'fraud detection',
      'id="home"', 'id="solutions"', 'id="benefits"', 'id="testimonials"', 'id="contact"',
      'Start Your AI Journey', 'Explore Solutions', 'href="#solutions"',
    ],
  },
  {
    path: '/ai-journey',
    title: 'Free AI Consultation | Meridian AI',
    description: /free 30-minute AI consultation/,
    h1: 'Start Your AI Journey',
    cta: false,
    contains: [
      'Expert assessment', 'ROI estimate', 'Proposal in 24 hours', 'No obligation',
      'Predictive Analytics', 'Customer Intelligence', 'Document Processing', 'Process Automation',
      'Discovery Call', 'Strategy Session', 'Proposal &amp; Timeline', 'Implementation', 'id="contact"',
    ],
  },
  ...(['Privacy Policy', 'Terms of Service', 'Cookie Policy'] as const).map((name) => ({
    path: `/${name.toLowerCase().replace(/ /g, '-')}`,
    title: `${name} | Meridian AI`,
    description: /Effective December 17, 2024\.$/,
    h1: name,
    cta: 'closing' as const,
    contains: ['Effective date: December 17, 2024'],
  })),
  {
    path: '/machine-learning',
    title: 'Machine Learning Solutions | Meridian AI',
    description: /Forecasting, scoring/,
    h1: 'Machine Learning that moves your numbers',
    cta: 'closing' as const,
    contains: ['Capabilities', 'Real-world applications'],
  },
  {
    path: '/deep-learning',
    title: 'Deep Learning Solutions | Meridian AI',
    description: /Neural networks for images/,
    h1: 'Deep Learning for your hardest problems',
    cta: 'closing' as const,
    contains: [
      'Neural Networks', 'Computer Vision', 'Natural Language Processing', 'Signal Processing',
      'Medical Image Analysis', 'Autonomous Systems', 'Content Generation', 'Predictive Maintenance', 'Impact: ',
      'PyTorch', 'TensorFlow', 'JAX', 'Keras', 'NVIDIA CUDA',
    ],
  },
  {
    path: '/natural-language-processing',
    title: 'Natural Language Processing Solutions | Meridian AI',
    description: /semantic search and document understanding/,
    h1: 'Natural Language Processing that reads at enterprise scale',
    cta: 'closing' as const,
    contains: ['Use cases', 'Healthcare', 'Finance', 'E-commerce', 'Legal', 'Media', 'Education', 'Impact: '],
  },
  {
    path: '/computer-vision',
    title: 'Computer Vision Solutions | Meridian AI',
    description: /Visual inspection/,
    h1: 'Computer Vision that sees what matters',
    cta: 'closing' as const,
    contains: ['Capabilities', 'Applications', 'Impact: '],
  },
  {
    path: '/predictive-analytics',
    title: 'Predictive Analytics Solutions | Meridian AI',
    description: /Demand forecasting, customer analytics/,
    h1: 'Predictive Analytics to act before it happens',
    cta: 'closing' as const,
    contains: ['Demand Forecasting', 'Customer Analytics', 'Risk Assessment', 'Anomaly Detection', 'Use cases'],
  },
  ...[
    ['/ai-consulting', 'AI Consulting Services', 'AI Consulting from people who have shipped it'],
    ['/strategy-development', 'AI Strategy Development', 'An AI strategy tied to your business strategy'],
    ['/implementation', 'AI Implementation Services', 'Implementation from prototype to production'],
    ['/ongoing-support', 'Ongoing AI Support', 'Ongoing Support that keeps models earning'],
    ['/training-education', 'AI Training &amp; Education', 'Training &amp; Education for AI-ready teams'],
  ].map(([path, title, h1]) => ({
    path,
    title: `${title} | Meridian AI`,
    description: /\.$/,
    h1: h1.replace('&amp;', '&'),
    cta: 'closing' as const,
    contains: [],
  })),
  {
    path: '/about-us',
    title: 'About Us | Meridian AI',
    description: /our mission, values and leadership/,
    h1: 'We help enterprises make AI work',
    cta: 'closing' as const,
    contains: [
      'Our mission', 'Excellence', 'Integrity', 'Innovation', 'Partnership',
      '500+', '200+', '50+', '95%', 'Dr. Amelia Hart', 'Rahul Mehta', 'Dr. Lena Fischer', 'James Okafor',
      'data-about-art',
    ],
  },
  {
    path: '/case-studies',
    title: 'Case Studies | Meridian AI',
    description: /Six enterprise AI case studies/,
    h1: 'Results our clients can measure',
    cta: 'closing' as const,
    contains: [
      '550%', '420%', '380%', '680%', '310%', '440%',
      '6 months', '4 months', '8 months', '5 months', '7 months', '3 months',
      '$50M+', 'Total client savings', '450%', 'Average ROI', '500+', 'Average implementation',
    ],
  },
  {
    path: '/blog',
    title: 'Blog | Meridian AI',
    description: /Insights on enterprise AI/,
    h1: 'Insights on enterprise AI',
    cta: 'closing' as const,
    contains: ['Popular posts', 'Popular tags', 'Get our insights monthly', 'type="email"'],
  },
  {
    path: '/careers',
    title: 'Careers | Meridian AI',
    description: /open positions/,
    h1: 'Build AI that makes it into production',
    cta: 'closing' as const,
    contains: ['San Francisco', 'New York', 'Austin', 'Seattle', 'Boston', 'Remote', '$120,000', '$220,000', 'Full-time'],
  },
];

test.describe('public pages', () => {
  test('the spec has 19 public routes and each is here once', () => {
    expect(new Set(routes.map((r) => r.path)).size).toBe(19);
  });

  for (const r of routes) {
    test(`${r.path} is complete in the server HTML`, async ({ request }) => {
      const res = await request.get(r.path);
      expect(res.status()).toBe(200);
      // React separates adjacent texts with empty comments, and a figure is
      // kept with its unit in a span of its own (keepTogether); read past both.
      const html = (await res.text()).replace(/<!-- -->/g, '').replace(/<span class="whitespace-nowrap">([^<]*)<\/span>/g, '$1');
      expect(html).toContain(`<title>${r.title}</title>`);
      const description = html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';
      expect(description).toMatch(r.description);
      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
      expect(h1s).toEqual([r.h1.replace(/&/g, '&amp;')]);
      for (const text of r.contains) expect(html.includes(text), `server HTML has ${text}`).toBe(true);
      // Shared header and footer on every page.
      expect(html).toContain('aria-label="Main"');
      expect(html).toContain('href="/privacy-policy"');
      if (r.cta === 'closing') expect(html).toMatch(/<section[^>]*aria-labelledby="cta-title"[\s\S]*href="\/ai-journey"/);
      if (r.cta === 'hero') expect(html).toMatch(/<section[^>]*id="home"[\s\S]*href="\/ai-journey"/);
    });

    test(`${r.path} hydrates without console problems and passes axe`, async ({ page, consoleProblems }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await gotoReady(page, r.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.h1);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (r.cta) {
        const where = r.cta === 'hero' ? '#home' : 'section[aria-labelledby="cta-title"]';
        await expect(page.locator(`${where} a[href="/ai-journey"]`)).toBeVisible();
      }
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(consoleProblems).toEqual([]);
    });
  }

  test('the home page shows its clients and partner badges after the hero, without JavaScript', async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await ctx.newPage();
    await page.goto('/');
    const band = page.getByRole('region', { name: 'Trusted by enterprise teams in six industries' });
    await expect(page.locator('#home + section')).toHaveAttribute('aria-labelledby', 'clients-title');
    // The clients' wordmarks: each name beside a drawn mark of its own, which assistive technology skips.
    const clients = band.getByRole('list').first().getByRole('listitem');
    await expect(clients).toHaveText(['Kestrel', 'Fieldstone', 'helix', 'Larkmoor', 'Northwind', 'Halden']);
    const marks = await clients.locator('svg').evaluateAll((svgs) => svgs.map((s) => (s.getAttribute('aria-hidden') === 'true' && s.getBoundingClientRect().width > 0 ? s.innerHTML : '')));
    expect(new Set(marks).size, 'six distinct visible marks').toBe(6);
    expect(marks).not.toContain('');
    // The partner badges, set in text.
    const badges = band.getByRole('list').nth(1).getByRole('listitem');
    await expect(badges).toHaveText([
      'AWSAdvanced Tier Services Partner',
      'MicrosoftSolutions Partner for Data & AI',
      'Google CloudService Partner',
      'DatabricksConsulting Partner',
      'SnowflakeSelect Tier Partner',
    ]);
    await ctx.close();
  });

  test('the blog shows seven categories, the six seeded articles, three popular posts and eight tags', async ({ page }) => {
    await page.goto('/blog');
    const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('link');
    await expect(categories).toHaveCount(7);
    await expect(categories.first()).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list').filter({ has: page.getByRole('article') }).first().getByRole('article')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Popular posts' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Popular tags' }).getByRole('listitem')).toHaveCount(8);
    // One page of articles: no pagination.
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
  });

  test('careers lists four perks and six full-time roles, each with Apply Now', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('link', { name: /^Apply Now/ })).toHaveCount(6);
    await expect(page.getByText('Full-time')).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Why work with us' }).getByRole('heading', { level: 3 })).toHaveCount(4);
  });

  test('case studies show six studies with their ROI: the lead one told, the others as cards', async ({ page }) => {
    await page.goto('/case-studies');
    await expect(page.locator('[data-case-study]')).toHaveCount(5);
    for (const roi of ['550%', '420%', '380%', '680%', '310%', '440%']) {
      await expect(page.getByText(roi, { exact: true })).toHaveCount(1);
    }
  });

  test('a footer link moves to another page with its title and content', async ({ page, consoleProblems }) => {
    await gotoReady(page, '/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Deep Learning' }).click();
    await expect(page).toHaveURL(/\/deep-learning$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deep Learning for your hardest problems');
    await expect(page).toHaveTitle('Deep Learning Solutions | Meridian AI');
    expect(consoleProblems).toEqual([]);
  });
});
