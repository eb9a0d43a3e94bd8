// Lint of the React app: the import boundaries of its layers and no import
// cycles (STYLE.md), with typescript-eslint's recommended rules.
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const src = './web/src';

// Each feature stands alone: what two features share goes down into
// components or lib.
const features = readdirSync(`${src}/features`, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

// Who may not import whom: the app shell sits on top; pages and the admin
// portal use features, components and lib; features use components and
// lib, not each other; components use lib; content (the built-in copy)
// and lib use no UI.
const zones = [
  { target: `${src}/features`, from: [`${src}/app`, `${src}/pages`, `${src}/admin`], message: 'Features do not import the app, pages or the admin portal.' },
  ...features.map((name) => ({
    target: `${src}/features/${name}`,
    from: `${src}/features`,
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what they share into components or lib.',
  })),
  { target: `${src}/components`, from: [`${src}/app`, `${src}/pages`, `${src}/admin`], message: 'Components do not import pages, the admin portal or the app.' },
  // The marketing blocks are made of editable texts: that one feature is theirs to use.
  { target: `${src}/components`, from: `${src}/features`, except: ['./editable-text'], message: 'Components do not import features, the editable texts aside.' },
  { target: `${src}/content`, from: [`${src}/app`, `${src}/pages`, `${src}/admin`, `${src}/features`, `${src}/components`], message: 'Content is data: it imports no UI.' },
  { target: `${src}/lib`, from: [`${src}/app`, `${src}/pages`, `${src}/admin`, `${src}/features`, `${src}/components`], message: 'lib imports no UI.' },
  { target: `${src}/pages`, from: [`${src}/admin`], message: 'Public pages do not import the admin portal.' },
  { target: `${src}/admin`, from: [`${src}/app`], message: 'The admin portal does not import the app: move what it needs into content, components or lib.' },
];

export default tseslint.config(
  { ignores: ['web/dist/**', 'node_modules/**', 'bench/**', 'bin/**', 'test-results/**'] },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-self-import': 'error',
      // A leading underscore names what is left out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
