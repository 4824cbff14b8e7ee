import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** A thin progress bar at the top while a navigation (or a store info reload) is under way. */
export function PageLoader() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const reloadingStore = useIsFetching({ queryKey: ['storeInfo'] }) > 0;
  if (navigation.state === 'idle' && !reloadingStore) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loader.navigating')}
      className="fixed inset-x-0 top-0 z-[80] h-0.5 overflow-hidden bg-violet-100"
    >
      <div className="loader-bar h-full w-1/3 bg-gradient-to-r from-violet-500 to-indigo-500" />
    </div>
  );
}
