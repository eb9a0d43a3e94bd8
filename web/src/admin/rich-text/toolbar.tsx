import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Pilcrow, Quote, Redo2, Undo2, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** A shortcut as the platform writes it, and as aria-keyshortcuts wants it. */
function keys(combo: string): { label: string; aria: string } {
  const parts = combo.split('+');
  const label = parts.map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : p === 'Alt' ? (mac ? '⌥' : 'Alt') : p === 'Shift' ? (mac ? '⇧' : 'Shift') : p)).join(mac ? '' : '+');
  const aria = parts.map((p) => (p === 'Mod' ? (mac ? 'Meta' : 'Control') : p)).join('+');
  return { label, aria };
}

type Tool = {
  name: string;
  label: string;
  icon: LucideIcon;
  shortcut?: string;
  /** Whether it is on where the cursor is (aria-pressed); actions without a state have none. */
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  disabled?: (e: Editor) => boolean;
};

/** The toolbar's groups of buttons, parted by separators. */
export function toolGroups(actions: { link: () => void; image: () => void }): Tool[][] {
  return [
    [
      { name: 'paragraph', label: 'Paragraph', icon: Pilcrow, shortcut: 'Mod+Alt+0', active: (e) => e.isActive('paragraph'), run: (e) => e.chain().focus().setParagraph().run() },
      { name: 'h2', label: 'Heading', icon: Heading2, shortcut: 'Mod+Alt+2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
      { name: 'h3', label: 'Subheading', icon: Heading3, shortcut: 'Mod+Alt+3', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
    ],
    [
      { name: 'bold', label: 'Bold', icon: Bold, shortcut: 'Mod+B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
      { name: 'italic', label: 'Italic', icon: Italic, shortcut: 'Mod+I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
      { name: 'link', label: 'Link', icon: Link2, shortcut: 'Mod+K', active: (e) => e.isActive('link'), run: actions.link },
    ],
    [
      { name: 'bulletList', label: 'Bulleted list', icon: List, shortcut: 'Mod+Shift+8', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
      { name: 'orderedList', label: 'Numbered list', icon: ListOrdered, shortcut: 'Mod+Shift+7', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
      { name: 'blockquote', label: 'Quote', icon: Quote, shortcut: 'Mod+Shift+B', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
      { name: 'image', label: 'Image from the library', icon: ImagePlus, run: actions.image },
    ],
    [
      { name: 'undo', label: 'Undo', icon: Undo2, shortcut: 'Mod+Z', run: (e) => e.chain().focus().undo().run(), disabled: (e) => !e.can().undo() },
      { name: 'redo', label: 'Redo', icon: Redo2, shortcut: 'Mod+Shift+Z', run: (e) => e.chain().focus().redo().run(), disabled: (e) => !e.can().redo() },
    ],
  ];
}

/**
 * The formatting toolbar: one tab stop, arrow keys move between its
 * buttons (the WAI-ARIA toolbar pattern); each button is named, says its
 * shortcut, and says whether it is on with aria-pressed.
 */
export function Toolbar({ editor, groups, controls }: { editor: Editor; groups: Tool[][]; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => groups.flat().map((t) => ({ active: t.active ? t.active(e) : undefined, disabled: t.disabled ? t.disabled(e) : false })),
  });
  const ref = useRef<HTMLDivElement>(null);
  function onKeyDown(ev: React.KeyboardEvent) {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = ev.key === 'ArrowRight' ? i + 1 : ev.key === 'ArrowLeft' ? i - 1 : ev.key === 'Home' ? 0 : ev.key === 'End' ? buttons.length - 1 : null;
    if (next === null || buttons.length === 0) return;
    ev.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    buttons.forEach((b) => (b.tabIndex = b === target ? 0 : -1));
    target.focus();
  }
  let index = 0;
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 border-b border-default bg-surface-muted/95 p-1 backdrop-blur"
    >
      {groups.map((group, g) => (
        <div key={g} role="group" className="flex items-center gap-0.5 [&+&]:ml-1 [&+&]:border-l [&+&]:border-default [&+&]:pl-1">
          {group.map((t) => {
            const s = state?.[index];
            const first = index === 0;
            index++;
            const k = t.shortcut ? keys(t.shortcut) : null;
            const Icon = t.icon;
            return (
              <button
                key={t.name}
                type="button"
                tabIndex={first ? 0 : -1}
                aria-label={t.label}
                aria-pressed={t.active ? s?.active === true : undefined}
                aria-keyshortcuts={k?.aria}
                title={k ? `${t.label} (${k.label})` : t.label}
                disabled={s?.disabled}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => t.run(editor)}
                className="inline-flex size-9 items-center justify-center rounded-md text-body transition-colors hover:bg-surface hover:text-default hover:shadow-xs focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus disabled:opacity-40 aria-pressed:bg-primary/15 aria-pressed:text-primary-strong sm:size-8"
              >
                <Icon aria-hidden="true" className="size-4" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
