import { recoveryRoutes } from '@common/api/recovery';
import { endpoints } from './api';

/** Account recovery's calls, apart from `api`: they load with the login card and the account page. */
export const recoveryApi = endpoints(recoveryRoutes);
