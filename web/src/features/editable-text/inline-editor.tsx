import { toast } from '@/lib/toast-store';
import type { EditableTag } from './editable-text';
import { InPlaceField } from './in-place-field';
import { acceptContent, failureMessage as failure, findSavedText, resetContent, restoreContent, saveContent, savedDescription, type SavedText } from './save-content';
import { SharedNote, sharedNote } from './shared-note';
import { textDraftKey } from './text-drafts';
import { TextHistory } from './text-history';

type InlineEditorProps = {
  section: string;
  contentKey: string;
  as: EditableTag;
  multiline: boolean;
  className?: string;
  id?: string;
  /** The text on the page now. */
  text: string;
  /** The built-in copy, which Reset to default brings back. */
  fallback: string;
};

const emptyMessage = 'Type a text, or use Reset to default to bring back the built-in one.';

/** Brings back a text as it was before the last save: its earlier value, or the built-in copy. */
async function undo(section: string, contentKey: string, previous: string | undefined) {
  try {
    await restoreContent(section, contentKey, previous);
    toast({ title: 'Change undone', description: 'The text is back as it was.' });
  } catch (err) {
    toast({ title: 'Undo Failed', description: failure(err), variant: 'destructive' });
  }
}

/**
 * A text of the public site (section, key) that an admin in edit mode edits
 * where it stands (SPEC section 4), saved with POST /api/admin/content; an
 * empty text is refused. Reset to default brings back the built-in copy,
 * History beside the field lists its versions, and a text shown on several
 * pages says so while it is edited.
 */
export function InlineEditor({ section, contentKey, as, multiline, className, id, text, fallback }: InlineEditorProps) {
  async function save(value: string, over?: SavedText | null) {
    const before = await findSavedText(section, contentKey).catch(() => undefined);
    const result = await saveContent(section, contentKey, value, over);
    toast({
      title: 'Content Updated',
      description: savedDescription(result, 'Changes saved successfully'),
      action: {
        label: 'Undo',
        altText: 'Undo the change of this text from its history',
        onSelect: () => void undo(section, contentKey, before?.value),
      },
    });
  }

  async function reset() {
    const before = await findSavedText(section, contentKey).catch(() => undefined);
    try {
      const result = await resetContent(section, contentKey, fallback);
      toast({
        title: 'Text reset',
        description: savedDescription(result, 'The built-in text shows again.'),
        action: before && { label: 'Undo', altText: 'Undo the reset of this text', onSelect: () => void undo(section, contentKey, before.value) },
      });
    } catch (err) {
      toast({ title: 'Update Failed', description: failure(err), variant: 'destructive' });
    }
  }

  return (
    <InPlaceField<SavedText>
      as={as}
      className={className}
      id={id}
      attrs={{ 'data-content-section': section, 'data-content-key': contentKey }}
      label={`Edit ${section} ${contentKey}`}
      multiline={multiline}
      text={text}
      keptKey={textDraftKey(section, contentKey)}
      check={(value) => (value.trim() === '' ? { title: 'Text cannot be empty', description: emptyMessage } : null)}
      save={save}
      keepTheirs={(theirs) => acceptContent(section, contentKey, theirs)}
      clashMessage={(clash) =>
        clash.theirs ? (
          <>
            {clash.by} changed this text after you opened the page. Theirs: “{clash.theirs.value}”
          </>
        ) : (
          <>{clash.by} reset this text to the built-in one after you opened the page.</>
        )
      }
      reset={{ value: fallback, run: reset }}
      note={(noteId) => (sharedNote(section, contentKey) ? <SharedNote id={noteId} section={section} contentKey={contentKey} /> : null)}
      history={(slot) => (
        <TextHistory
          section={section}
          contentKey={contentKey}
          fallback={fallback}
          unsaved={slot.unsaved}
          anchor={slot.anchor}
          toggle={slot.toggle}
          onClose={slot.onClose}
          onRestored={slot.onRestored}
          undo={(previous) => void undo(section, contentKey, previous)}
        />
      )}
    />
  );
}
