import { PROVIDER_NAME } from '@/config'
import * as styles from './app-pages.css'

/** The platform provider's logo in the 200x100 logo box (SPEC §9); its alt text is the provider's name. */
export function ProviderLogo() {
  return <img className={styles.logo} src={`${import.meta.env.BASE_URL}logo.svg`} alt={PROVIDER_NAME} width={200} height={100} />
}
