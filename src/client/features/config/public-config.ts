import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '#shared/contracts/system';
import { api } from '../../lib/api';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async () => {
    const response = await api.api.config.$get();
    if (!response.ok) throw new Error(`config request failed: ${response.status}`);
    return publicConfigSchema.parse(await response.json());
  },
  staleTime: Infinity,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
