import { useAdminList } from '../lib/resources';
import { truncate, valueText } from '../lib/text';
import type { ContentItem } from '@/lib/api-types';
import { ListState, TabCard } from '../tab-parts';
import { Badge } from '../ui/badge';

export function ContentTab() {
  const list = useAdminList<ContentItem>('content', 'Failed to fetch website content');
  const items = [...(list.data ?? [])].sort((a, b) => a.section.localeCompare(b.section) || a.key.localeCompare(b.key));
  return (
    <TabCard title="Website Content" description="Texts saved from the live site in edit mode.">
      <ListState
        isLoading={list.isLoading}
        error={list.error}
        isEmpty={items.length === 0}
        loadingText="Loading website content..."
        emptyText="No editable content found. Turn on edit mode and click a text on the website to change it."
      >
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Section</th>
                <th scope="col" className="py-2 pr-4 font-medium">Key</th>
                <th scope="col" className="py-2 font-medium">Value</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((c) => (
                <tr key={c.id} className="align-top">
                  <td className="py-3 pr-4">
                    <Badge variant="info">{c.section}</Badge>
                  </td>
                  <td className="py-3 pr-4 font-mono text-slate-700">{c.key}</td>
                  <td className="py-3 text-slate-800">{truncate(valueText(c.value))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
    </TabCard>
  );
}
