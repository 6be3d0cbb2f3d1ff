import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { zhCreate } from '../../../strings/create';
import type { CreateTab } from '../form';

/** The create form's two modes (灵感模式, 自定义模式): MUI's Tabs, a part of the page (CreatePage.tsx). */
export default function CreateTabs({ tab, onTab }: { tab: CreateTab; onTab: (tab: CreateTab) => void }) {
  return (
    <Tabs
      aria-label={zhCreate.modes}
      value={tab}
      onChange={(_event, value: CreateTab) => onTab(value)}
      variant="fullWidth"
    >
      <Tab value={1} label={zhCreate.tabInspiration} id="create-tab-1" aria-controls="create-panel-1" />
      <Tab value={3} label={zhCreate.tabCustom} id="create-tab-3" aria-controls="create-panel-3" />
    </Tabs>
  );
}
