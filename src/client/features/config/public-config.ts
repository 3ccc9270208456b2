import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The server's public switches. The typed client gives the shape; no zod on the landing page. */
export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: async () => {
    const response = await api.api.config.$get();
    if (!response.ok) throw new Error(`config request failed: ${response.status}`);
    return response.json();
  },
  staleTime: Infinity,
});

export const usePublicConfig = () => useQuery(publicConfigQuery);
