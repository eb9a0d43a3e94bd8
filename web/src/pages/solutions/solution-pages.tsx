import {
  computerVision,
  deepLearning,
  machineLearning,
  naturalLanguageProcessing,
  predictiveAnalytics,
} from '@/content/solutions';
import { SolutionPage } from '@/pages/solutions/solution-page';

export const MachineLearningPage = () => <SolutionPage content={machineLearning} />;
export const DeepLearningPage = () => <SolutionPage content={deepLearning} />;
export const NaturalLanguageProcessingPage = () => <SolutionPage content={naturalLanguageProcessing} />;
export const ComputerVisionPage = () => <SolutionPage content={computerVision} />;
export const PredictiveAnalyticsPage = () => <SolutionPage content={predictiveAnalytics} />;
