/** Shared looks of dropdown menus (Radix DropdownMenu content and items). */
export const menuContentClasses =
  'menu-content z-50 min-w-56 overflow-hidden rounded-xl border border-slate-200 bg-white p-1.5 text-sm text-slate-700 shadow-xl shadow-slate-900/10';

export const menuItemClasses =
  'flex w-full cursor-pointer select-none items-center gap-2.5 rounded-lg px-3 py-2 outline-none transition ' +
  'data-[highlighted]:bg-violet-50 data-[highlighted]:text-violet-800 data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

export const menuLabelClasses = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase';

export const menuSeparatorClasses = 'my-1.5 h-px bg-slate-100';

export const menuTriggerClasses =
  'inline-flex h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-700 transition ' +
  'hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-900';
