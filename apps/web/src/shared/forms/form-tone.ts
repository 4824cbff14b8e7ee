import { createContext, useContext } from 'react';

/** The surface a form sits on: a light page or card, or a dark band such as the footer (slate-950). */
export type FormTone = 'light' | 'dark';

/** The colours of a form's parts on each surface; every text pair keeps a contrast of 4.5:1 or more. */
export const toneStyles = {
  light: {
    heading: 'text-slate-900',
    text: 'text-slate-600',
    label: 'text-slate-700',
    hint: 'text-slate-500',
    error: 'text-rose-600',
    mark: 'text-rose-600',
    link: 'text-violet-700 hover:text-violet-900',
    input:
      'border-slate-200 bg-white text-slate-900 placeholder:text-slate-500 hover:border-slate-300 ' +
      'focus:border-violet-500 focus:ring-violet-100',
    inputInvalid: 'border-rose-400 bg-white text-slate-900 focus:border-rose-500 focus:ring-rose-100',
    option: 'border-slate-200 bg-white text-slate-800 hover:border-slate-300',
    optionChecked: 'border-violet-500 bg-violet-50 text-slate-900 ring-1 ring-violet-500',
    optionInvalid: 'border-rose-300 bg-white text-slate-800',
    control: 'accent-violet-600',
    note: 'bg-violet-50 ring-violet-100',
    noteIcon: 'text-violet-600',
    skeleton: 'bg-slate-200/70',
    successIcon: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  },
  dark: {
    heading: 'text-white',
    text: 'text-slate-300',
    label: 'text-slate-200',
    hint: 'text-slate-400',
    error: 'text-rose-300',
    mark: 'text-rose-300',
    link: 'text-violet-300 hover:text-violet-200',
    input:
      'border-white/15 bg-white/5 text-white placeholder:text-slate-400 hover:border-white/25 ' +
      'focus:border-violet-400 focus:ring-violet-500/30 [color-scheme:dark]',
    inputInvalid:
      'border-rose-400 bg-white/5 text-white focus:border-rose-300 focus:ring-rose-500/30 [color-scheme:dark]',
    option: 'border-white/15 bg-white/5 text-slate-100 hover:border-white/25',
    optionChecked: 'border-violet-400 bg-violet-500/15 text-white ring-1 ring-violet-400',
    optionInvalid: 'border-rose-400/70 bg-white/5 text-slate-100',
    control: 'accent-violet-400 [color-scheme:dark] focus-visible:outline-violet-300',
    note: 'bg-white/5 ring-white/10',
    noteIcon: 'text-violet-300',
    skeleton: 'bg-white/10',
    successIcon: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/20',
  },
} satisfies Record<FormTone, Record<string, string>>;

export type ToneStyles = (typeof toneStyles)[FormTone];

export const FormToneContext = createContext<FormTone>('light');

export const useFormTone = (): FormTone => useContext(FormToneContext);

/** The colours of the surface the enclosing form sits on. */
export function useToneStyles(): ToneStyles {
  return toneStyles[useFormTone()];
}
