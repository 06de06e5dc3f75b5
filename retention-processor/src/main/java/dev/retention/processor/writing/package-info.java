/** Source and resource files written from the models only, with JavaPoet. */
package dev.retention.processor.writing;
